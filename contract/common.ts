import { Type } from 'typebox';

/** Every error the API answers: the spec's {status, code, message}. */
export const ApiErrorBody = Type.Object({
  status: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  /** With `checkout/hold-limit-reached`: when the member may hold the units again (ms since epoch). */
  holdAgainAt: Type.Optional(Type.Number()),
  /** With `checkout/hold-limit-reached`: the brand's ceiling of holds on one variant, in minutes per window. */
  holdLimitMinutes: Type.Optional(Type.Number()),
});

export const ImageSources = Type.Object({
  medium: Type.Optional(Type.String()),
  /** 800 px wide: a phone's full width at its pixel density (412 px at 1.75 is 721). */
  phone: Type.Optional(Type.String()),
  large: Type.Optional(Type.String()),
});

export const ImageOptions = Type.Object({
  jpeg: ImageSources,
  webp: ImageSources,
  /** The smallest files for the same pixels, offered first to browsers that decode AVIF. */
  avif: Type.Optional(ImageSources),
  imageDescription: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
