/** An actor's stored data (its source, not the prepared model: V13's deepClone returns a data model itself, not a copy). */
export function stored(actor: Actor.Implementation): unknown {
  return (actor.toObject() as { system?: unknown }).system;
}
