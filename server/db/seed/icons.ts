/**
 * Icon drawings for a 24×24 viewBox, filled (holes run the other way, so both fill rules
 * leave them open). Hand-made; both demo brands share them.
 */
export const demoIcons: Record<string, string> = {
  home: 'M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3z',
  editorial: 'M4 3h12l4 4v14H4zM7 9v2h10V9zm0 4v2h10v-2zm0 4v2h6v-2z',
  benefit: 'M3 3h8.6l9.4 9.4-8.6 8.6L3 11.6zM9 7.5a1.5 1.5 0 1 0-3 0 1.5 1.5 0 1 0 3 0z',
  live: 'M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zm7 3v6l5-3z',
  more: 'M5 10a2 2 0 1 1 0 4 2 2 0 1 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 1 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 1 1 0-4z',
  search: 'M10 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm0 2a5 5 0 1 0 0 10 5 5 0 1 0 0-10zm5.3 8.9 5.8 5.8-1.4 1.4-5.8-5.8z',
  cart: 'M2 3h3.6l.5 2.5H21L19 14H7.9l.4 2H19v2H6.7L4 5H2zm7 16.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 1 1 0-3zm8 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 1 1 0-3z',
  back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z',
  error: 'M12 2a10 10 0 1 1 0 20 10 10 0 1 1 0-20zm-1 5v6h2V7zm0 8v2h2v-2z',
  brokenImage: 'M3 4h18v7l-3-2-4 3-3-2-4 3-4-2zm5 2.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 1 0 0-3zM3 15l4 2 4-3 3 2 4-3 3 2v5H3z',
};
