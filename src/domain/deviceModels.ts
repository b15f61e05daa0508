/**
 * Apple phone and tablet models by screen size in CSS pixels (spec section 3: sizes from
 * 480x320 up to 1366x1024). Keyed by long side x short side, so either orientation matches.
 * Models that share a size share an entry.
 */
export const IOS_MODELS_BY_SCREEN: Readonly<Record<string, string>> = {
  '480x320': 'iPhone 4/4S',
  '568x320': 'iPhone 5/5S/5C/SE',
  '667x375': 'iPhone 6/7/8/SE2',
  '736x414': 'iPhone 6/7/8 Plus',
  '812x375': 'iPhone X/XS/11 Pro/12 mini/13 mini',
  '844x390': 'iPhone 12/13/14',
  '852x393': 'iPhone 14 Pro/15/15 Pro/16',
  '874x402': 'iPhone 16 Pro',
  '896x414': 'iPhone XR/XS Max/11/11 Pro Max',
  '926x428': 'iPhone 12/13 Pro Max/14 Plus',
  '932x430': 'iPhone 14 Pro Max/15 Plus/15 Pro Max/16 Plus',
  '956x440': 'iPhone 16 Pro Max',
  '1024x768': 'iPad',
  '1080x810': 'iPad 10.2"',
  '1112x834': 'iPad Pro 10.5"/Air 3',
  '1133x744': 'iPad mini 6',
  '1180x820': 'iPad Air/iPad 10.9"',
  '1194x834': 'iPad Pro 11"',
  '1366x1024': 'iPad Pro 12.9"',
};

/** The model name for a screen size in either orientation, or undefined when none matches. */
export function iosModelForScreen(width: number, height: number): string | undefined {
  return IOS_MODELS_BY_SCREEN[`${Math.max(width, height)}x${Math.min(width, height)}`];
}
