/** One die rolled as a Foundry Roll (so Dice So Nice and the card show it); its value goes to the kernel. */
export async function rollDie(sides: number): Promise<{ roll: Roll; value: number }> {
  const roll = new Roll(`1d${sides}`);
  await roll.evaluate();
  return { roll, value: roll.total ?? 1 };
}
