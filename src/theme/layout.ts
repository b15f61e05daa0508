/** Fixed layout constants from the spec (section 9), the same for every brand; in px. */
export const layout = {
  pageMaxWidth: 800,
  gutter: 18,
  gridColumns: 12,
  billboardMaxWidth: 600,
  dialogWidth: 296,
  dialogMargin: 40,
  cartDrawerMaxWidth: 400,
  menuItemMinHeight: 48,
  menuItemDenseMinHeight: 32,
  tabMinWidth: 90,
  tabMaxWidth: 360,
  avatarSize: 120,
} as const;
