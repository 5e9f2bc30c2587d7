/**
 * Radio's signed numbers: "+4" / "−4", and "+0" in a column of modifiers (core's signedNumber, the
 * one formatter every ruleset uses).
 */
import { signedNumber } from "../../foundry/signed-number.js";

export { MINUS } from "../../foundry/signed-number.js";

export const signed = (n: number): string => signedNumber(n, "+0");
