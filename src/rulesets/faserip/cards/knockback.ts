/** Slam knock-back geometry (pure). */
/** Where a token at `to` lands pushed `areas` grid spaces directly away from `from` (pure). */
export function knockBackPosition(from: { x: number; y: number }, to: { x: number; y: number }, areas: number, gridSize: number): { x: number; y: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  // Same square: push along +x (any direction is as good; the GM can adjust).
  const ux = len === 0 ? 1 : dx / len;
  const uy = len === 0 ? 0 : dy / len;
  return { x: to.x + Math.round(ux * areas) * gridSize, y: to.y + Math.round(uy * areas) * gridSize };
}
