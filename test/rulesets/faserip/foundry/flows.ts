/**
 * The faserip roll flows as one object, for the flow tests (they were one module, cards/roll.ts,
 * before it was split one concept a module). Import it after loadAdapter, so the tests drive the
 * same module instances the adapter registered.
 */

export async function loadFlows() {
  return {
    ...(await import("../../../../src/rulesets/faserip/cards/targets.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/fight-round.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/dodge-memory.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/may-act.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/feat-roll.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/secondary-roll.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/zero-health-roll.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/dying-round.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/stabilise.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/restore.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/stand-up.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/stun-round.js")),
    ...(await import("../../../../src/rulesets/faserip/cards/knockback-token.js")),
  };
}

export type Flows = Awaited<ReturnType<typeof loadFlows>>;
