/** Settings a world can change; every function that honours one takes it as a parameter. */
export interface RadioOptions {
  /** Use the cheat sheet's Step 2 summary (spell +1) instead of Step 5's spell 0. Default false. */
  spellBonus?: boolean;
  /** A head or heart shot that hits kills outright (the seed forbids them as too deadly). Default true. */
  headShotsKill?: boolean;
}
