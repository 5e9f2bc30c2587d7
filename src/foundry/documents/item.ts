/** FracasItem: the Create Item dialog offers only the enabled rulesets' types. */
import { enabledItemTypes } from "./actor.js";

export class FracasItem extends Item {
  static override async createDialog(data?: never, createOptions?: never, options?: never): Promise<never> {
    const opts = { ...((options ?? {}) as object), types: enabledItemTypes() };
    return (await super.createDialog(data, createOptions, opts as never)) as never;
  }
}
