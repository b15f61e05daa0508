import { layoutOfUserAgent } from '../../domain/deviceType.ts';

/** Desktop (tabs in the top bar) or mobile (tabs at the bottom), as the app will lay itself out. */
export type Layout = 'desktop' | 'mobile';

/** The layout the request's browser will get: the app decides by its device type (src/domain/deviceProfile.ts). */
export const requestLayout = (userAgent: string | undefined): Layout => layoutOfUserAgent(userAgent ?? '');
