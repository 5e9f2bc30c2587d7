/**
 * Roll with scripted dice: every die face comes from world.dice.queue(...) in order; a die with
 * nothing queued throws, so each test states the dice it depends on. Formulas: `NdS`, `NdS+k`,
 * `NdS-k`, or a plain integer. As in Foundry V13 (Roll#_evaluateASTSync), evaluateSync() throws on
 * dice, and with {strict: false} counts them as 0 without rolling: dice need `await evaluate()`.
 */
export class DiceQueue {
  readonly #faces: number[] = [];
  /** Every face handed out, with the die it went to (for assertions). */
  readonly used: { faces: number; result: number }[] = [];

  queue(...faces: number[]): void {
    for (const f of faces) {
      if (!Number.isInteger(f) || f < 1) throw new Error(`world.dice.queue: ${f} is not a die face`);
      this.#faces.push(f);
    }
  }
  get remaining(): readonly number[] {
    return [...this.#faces];
  }
  clear(): void {
    this.#faces.length = 0;
  }
  next(faces: number, formula: string): number {
    const f = this.#faces.shift();
    if (f === undefined) throw new Error(`FakeDice: no scripted face for a d${faces} (rolling "${formula}"); call world.dice.queue(...) first`);
    if (f > faces) throw new Error(`FakeDice: scripted face ${f} does not fit a d${faces} (rolling "${formula}")`);
    this.used.push({ faces, result: f });
    return f;
  }
}

export interface DieResult {
  result: number;
  active: boolean;
}

export class Die {
  readonly results: DieResult[] = [];
  constructor(
    readonly number: number,
    readonly faces: number,
  ) {}
  get total(): number {
    return this.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
  }
  get expression(): string {
    return `${this.number}d${this.faces}`;
  }
}

export class OperatorTerm {
  constructor(readonly operator: "+" | "-") {}
}

export class NumericTerm {
  constructor(readonly number: number) {}
  get total(): number {
    return this.number;
  }
}

export type Term = Die | OperatorTerm | NumericTerm;

let diceSource: (() => DiceQueue) | null = null;
export function bindDice(source: () => DiceQueue): void {
  diceSource = source;
}

export class Roll {
  readonly formula: string;
  readonly terms: Term[];
  readonly data: Record<string, unknown>;
  readonly options: Record<string, unknown>;
  _evaluated = false;
  _total: number | undefined = undefined;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.formula = formula.replace(/\s+/g, "");
    this.data = data;
    this.options = options;
    this.terms = Roll.parse(this.formula);
  }

  /** Terms joined by + or −, each NdS or a whole number: "1d100", "2d10+2", "1d6+1d6", "3d6-1". */
  static parse(formula: string): Term[] {
    if (!/^(?:\d*d\d+|\d+)(?:[+-](?:\d*d\d+|\d+))*$/.test(formula)) {
      throw new Error(`FakeRoll: unsupported formula "${formula}" (the fake reads NdS and k joined by + or -)`);
    }
    const terms: Term[] = [];
    for (const [, op, n, s, k] of formula.matchAll(/([+-])?(?:(\d*)d(\d+)|(\d+))/g)) {
      if (op) terms.push(new OperatorTerm(op as "+" | "-"));
      if (s !== undefined) {
        const count = n ? Number(n) : 1;
        if (count < 1 || count > 999 || Number(s) < 1) throw new Error(`FakeRoll: bad dice in "${formula}"`);
        terms.push(new Die(count, Number(s)));
      } else terms.push(new NumericTerm(Number(k)));
    }
    return terms;
  }

  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }
  get isDeterministic(): boolean {
    return this.dice.length === 0;
  }
  get total(): number | undefined {
    return this._total;
  }
  get result(): string {
    return this.terms.map((t) => (t instanceof Die ? String(t.total) : t instanceof OperatorTerm ? t.operator : String(t.number))).join(" ");
  }

  async evaluate(): Promise<this> {
    return this.#evaluate(true);
  }

  evaluateSync({ strict = true }: { strict?: boolean } = {}): this {
    if (!this.isDeterministic) {
      if (strict) throw new Error(`This Roll contains terms that cannot be synchronously evaluated. ("${this.formula}")`);
      return this.#evaluate(false);
    }
    return this.#evaluate(true);
  }

  #evaluate(rollDice = true): this {
    if (this._evaluated) throw new Error(`The Roll "${this.formula}" has already been evaluated and is immutable`);
    if (!diceSource) throw new Error("FakeRoll: no world installed");
    const dice = diceSource();
    for (const d of rollDice ? this.dice : []) {
      for (let i = 0; i < d.number; i++) d.results.push({ result: dice.next(d.faces, this.formula), active: true });
    }
    let total = 0;
    let sign = 1;
    for (const t of this.terms) {
      if (t instanceof OperatorTerm) sign = t.operator === "-" ? -1 : 1;
      else total += sign * (t instanceof Die && !rollDice ? 0 : t.total);
    }
    this._total = total;
    this._evaluated = true;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return { class: "Roll", formula: this.formula, total: this._total, evaluated: this._evaluated, dice: this.dice.map((d) => ({ faces: d.faces, results: d.results })) };
  }
}
