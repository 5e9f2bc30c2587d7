/** Slam knock-back geometry (pure). */
/** Where a token at `to` lands pushed `areas` grid spaces directly away from `from` (pure). */
export function knockBackPosition(
  from: { x: number; y: number },
  to: { x: number; y: number },
  areas: number,
  gridSize: number,
  /** The scene's playable rectangle and the token's size in pixels: the token stops at the edge (a wall, in effect). */
  bounds?: { x: number; y: number; width: number; height: number; tokenWidth: number; tokenHeight: number },
): { x: number; y: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  // Same square: push along +x (any direction is as good; the GM can adjust).
  const ux = len === 0 ? 1 : dx / len;
  const uy = len === 0 ? 0 : dy / len;
  const x = to.x + Math.round(ux * areas) * gridSize;
  const y = to.y + Math.round(uy * areas) * gridSize;
  if (!bounds) return { x, y };
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  return {
    x: clamp(x, bounds.x, bounds.x + bounds.width - bounds.tokenWidth),
    y: clamp(y, bounds.y, bounds.y + bounds.height - bounds.tokenHeight),
  };
}
