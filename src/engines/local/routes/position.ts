/** How likely a value of a field with this position prior sits at y (0 top of page, 1 bottom). */
export const POSITION_WEIGHT = {
  top: (y: number) => 1 - 0.6 * y,
  bottom: (y: number) => 0.4 + 0.6 * y,
  any: () => 1,
};
