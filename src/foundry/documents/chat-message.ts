/** FracasChatMessage: a message whose type is "card" carries a kernel result (FracasCardData). */
import type { JsonObject } from "../registry.js";

export class FracasChatMessage extends ChatMessage {
  get isFracasCard(): boolean {
    return this.type === "card";
  }

  get cardResult(): JsonObject | null {
    return this.isFracasCard ? ((this.system as unknown as { result: JsonObject }).result ?? null) : null;
  }
}
