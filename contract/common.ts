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
  large: Type.Optional(Type.String()),
});

export const ImageOptions = Type.Object({
  jpeg: ImageSources,
  webp: ImageSources,
  imageDescription: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
