/**
 * For a ruleset's Quench sample whose roll can miss: the batch's Apply flow needs a hit (a miss's
 * Apply writes nothing to the target, so "Undo restores it" could not fail; a Zodiac miss writes
 * the GM's Setback pool instead). The sample rolls through its ruleset's own roll function, with
 * real dice, until a card is a hit, deleting each miss's card. Bounded: `tries` misses in a row
 * fail the flow rather than pass it on a card that applies nothing.
 */
export async function firstHit(
  roll: () => Promise<ChatMessage.Implementation>,
  isHit: (result: Record<string, unknown>) => boolean,
  tries: number,
): Promise<ChatMessage.Implementation> {
  for (let i = 0; i < tries; i++) {
    const message = await roll();
    if (isHit(((message.system as { result?: Record<string, unknown> }).result ?? {}) as Record<string, unknown>)) return message;
    await message.delete();
  }
  throw new Error(`Fracas | Quench sample: no hit in ${tries} rolls`);
}
