/**
 * Apply and Undo as a player's card button sends them (review Q13's first step): not the GM
 * handlers called directly, but a signed request and `User#query` ("fracas.applyCard",
 * "fracas.undoCard") to the active GM, which is this client. V13 lets a user query themself: the
 * server hands a query to every socket of its recipient, the sender's own included
 * (dist/components/activity.mjs, "userQuery"), and User#query only asks that the recipient be
 * active (client/documents/user.mjs).
 */
import { handledRequestsCleared, requestApply, requestUndo } from "../queries.js";
import type { Application } from "../data/card-data.js";
import type { RulesetDescriptor } from "../registry.js";
import type { QuenchContext } from "./context.js";
import type { Batch } from "./batch.js";
import { stored } from "./stored.js";

type Sample = NonNullable<RulesetDescriptor["sample"]>;

export function queryFlow({ it, assert }: QuenchContext, batch: Batch, sample: Sample): void {
  it(
    "applies and undoes a card through a signed query to the active GM (this client), as a player's button sends them",
    batch.flow(async () => {
      const [source, target] = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
      const before = stored(target!);
      const message = await sample.roll(source!, target!);
      // mayWriteHere false: sent through viaGM → signRequest → game.users.activeGM.query, never run locally.
      const applied = await requestApply(message.id ?? "", target!.uuid, false);
      assert.ok(applied.ok, `apply: ${JSON.stringify(applied)}`);
      assert.notDeepEqual(stored(target!), before, "the Apply changed the target");
      const app = ((message.system as unknown as { applications: Application[] }).applications ?? []).at(-1);
      assert.ok(app, "the application is recorded on the card");
      assert.strictEqual(app!.by, game.user.id, "recorded as this user's, the signed sender");
      const undone = await requestUndo(message.id ?? "", app!.id, false);
      assert.ok(undone.ok, `undo: ${JSON.stringify(undone)}`);
      assert.deepStrictEqual(stored(target!), before, "undo restores the exact stored values");
      await handledRequestsCleared();
      const requests = (game.user.getFlag("fracas" as never, "requests" as never) ?? {}) as Record<string, unknown>;
      assert.deepStrictEqual(Object.keys(requests).filter((k) => requests[k] !== null), [], "no signed request is left on the user");
    }),
  );
}
