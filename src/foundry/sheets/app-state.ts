/**
 * Whether an application is on screen or being drawn. V13's ApplicationV2 reads `rendered` true only
 * in its RENDERED state: during every re-render (state RENDERING, while its HTML is made and
 * replaced) it reads false, though the window stays open (review-s9-foundry V2). A change told to
 * an open dialog then, or a second click on the button that opened it, must still find it open.
 */
type AppLike = { readonly rendered: boolean; readonly state?: number };

/** V13's ApplicationV2.RENDER_STATES.RENDERING (1 in 13.x), read from Foundry when it is there. */
function renderingState(): number {
  const states = (globalThis as { foundry?: { applications?: { api?: { ApplicationV2?: { RENDER_STATES?: { RENDERING?: number } } } } } }).foundry?.applications?.api?.ApplicationV2?.RENDER_STATES;
  return states?.RENDERING ?? 1;
}

/** Rendered, or in the middle of a render (the first one included). */
export function isShowing(app: AppLike): boolean {
  return app.rendered || app.state === renderingState();
}
