/** The four Universal Table colours, worst first. */
export const COLORS = ["white", "green", "yellow", "red"] as const;
export type Color = (typeof COLORS)[number];

/** True when `color` is `floor` or better (White < Green < Yellow < Red). */
export function colorAtLeast(color: Color, floor: Color): boolean {
  return COLORS.indexOf(color) >= COLORS.indexOf(floor);
}
