// Probes that run INSIDE the test page (inlined as a <script> by harness.ts). Plain JavaScript on
// purpose: functions passed to page.evaluate from a vitest-transformed .ts file can pick up
// transform helpers (e.g. esbuild's __name) that do not exist in the page.
(() => {
  const FRAME_ID = "fracas-window";
  const INTERACTIVE = 'button, [data-action], a[href], input:not([type="hidden"]), select, textarea';
  const FORM_CONTROLS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

  /** A short, readable CSS path from the window frame down to el. */
  function describe(el) {
    const parts = [];
    let node = el;
    while (node && node.nodeType === 1 && node.id !== FRAME_ID && node !== document.body) {
      let part = node.tagName.toLowerCase();
      if (node.id) {
        parts.unshift(`${part}#${CSS.escape(node.id)}`);
        break;
      }
      const classes = [...node.classList].slice(0, 3);
      if (classes.length) part += "." + classes.map((c) => CSS.escape(c)).join(".");
      for (const attr of ["data-action", "name"]) {
        const v = node.getAttribute(attr);
        if (v) { part += `[${attr}="${v}"]`; break; }
      }
      const parent = node.parentElement;
      if (parent) {
        const same = [...parent.children].filter((c) => c.tagName === node.tagName);
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
      }
      parts.unshift(part);
      node = parent;
    }
    return parts.length ? parts.join(" > ") : `#${FRAME_ID}`;
  }

  /** The "visually hidden" pattern (1px box, clipped): intentionally invisible, still read aloud. */
  function isVisuallyHidden(el, cs) {
    const r = el.getBoundingClientRect();
    if (cs.clip && cs.clip !== "auto" && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(cs.clip)) return true;
    if (cs.clipPath && cs.clipPath.startsWith("inset(50%")) return true;
    return r.width <= 1 && r.height <= 1 && cs.overflow !== "visible";
  }

  /** Rendered, not visibility:hidden, and not inside a visually-hidden box. */
  function isShown(el) {
    if (el.getClientRects().length === 0) return false;
    if (getComputedStyle(el).visibility !== "visible") return false;
    for (let n = el; n && n.id !== FRAME_ID; n = n.parentElement) {
      if (isVisuallyHidden(n, getComputedStyle(n))) return false;
    }
    return true;
  }

  /** True when some ancestor below the frame clips or scrolls horizontally. */
  function hasClippingAncestor(el, frame) {
    for (let n = el.parentElement; n && n !== frame; n = n.parentElement) {
      if (getComputedStyle(n).overflowX !== "visible") return true;
    }
    return false;
  }
  function inScroller(el, frame) {
    for (let n = el.parentElement; n && n !== frame; n = n.parentElement) {
      const ox = getComputedStyle(n).overflowX;
      if (ox === "auto" || ox === "scroll") return true;
    }
    return false;
  }

  function overflow() {
    const frame = document.getElementById(FRAME_ID);
    const out = [];
    if (frame.scrollWidth > frame.clientWidth + 1) {
      out.push({ kind: "frame", selector: `#${FRAME_ID}`, scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth,
        detail: "the window frame scrolls horizontally" });
    }
    const fr = frame.getBoundingClientRect();
    const left = fr.left + frame.clientLeft;
    const right = left + frame.clientWidth;
    const content = [];
    const outside = [];
    for (const el of frame.querySelectorAll("*")) {
      if (!isShown(el) || inScroller(el, frame)) continue;
      const cs = getComputedStyle(el);
      if (["visible", "hidden", "clip"].includes(cs.overflowX) && el.clientWidth > 0 && !FORM_CONTROLS.has(el.tagName)
          && cs.textOverflow !== "ellipsis" && el.scrollWidth > el.clientWidth + 1) content.push(el);
      const r = el.getBoundingClientRect();
      if ((r.right > right + 1 || r.left < left - 1) && !hasClippingAncestor(el, frame)) outside.push(el);
    }
    // Innermost spilling boxes name the culprit; ancestors only repeat it.
    for (const el of content.filter((a) => !content.some((b) => b !== a && a.contains(b)))) {
      const cs = getComputedStyle(el);
      out.push({ kind: "content", selector: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
        detail: `content is ${el.scrollWidth - el.clientWidth}px wider than its box (overflow-x: ${cs.overflowX})` });
    }
    // Outermost boxes past the frame's edge: their descendants are past it because of them.
    for (const el of outside.filter((a) => !outside.some((b) => b !== a && b.contains(a)))) {
      const r = el.getBoundingClientRect();
      out.push({ kind: "outside", selector: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
        detail: `box spans x=${Math.round(r.left - left)}..${Math.round(r.right - left)}, window content is 0..${frame.clientWidth}` });
    }
    return out;
  }

  // ---- keyboard ---------------------------------------------------------------------------
  let focusLog = [];
  let listening = false;

  /** Tags every element, starts logging focus, blurs; returns how many Tab presses to try. */
  function prepareKeyboard() {
    focusLog = [];
    if (!listening) {
      document.addEventListener("focusin", (e) => {
        const t = e.target;
        focusLog.push(t && t.getAttribute ? t.getAttribute("data-fracas-kb") : null);
      }, true);
      listening = true;
    }
    let i = 0;
    let tabbable = 0;
    for (const el of document.body.querySelectorAll("*")) {
      el.setAttribute("data-fracas-kb", String(i++));
      if (el.tabIndex >= 0 && !el.matches(":disabled") && el.getClientRects().length > 0) tabbable++;
    }
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    return tabbable;
  }

  function keyboardResult() {
    const reached = new Set(focusLog.filter(Boolean));
    const frame = document.getElementById(FRAME_ID);
    const isReached = (el) => reached.has(el.getAttribute("data-fracas-kb"));
    const unreached = [];
    for (const el of frame.querySelectorAll(INTERACTIVE)) {
      if (el.matches(":disabled") || el.closest("[inert]")) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility !== "visible") continue;
      if (isReached(el)) continue;
      // Tab visits one radio per group; the arrow keys move within it.
      if (el.type === "radio" && el.name) {
        const scope = el.form ?? frame;
        const group = [...scope.querySelectorAll(`input[type="radio"][name="${CSS.escape(el.name)}"]`)];
        if (group.some(isReached)) continue;
      }
      const tabindex = el.getAttribute("tabindex");
      const label = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || "").trim().replace(/\s+/g, " ").slice(0, 60);
      unreached.push({
        selector: describe(el),
        tag: el.tagName.toLowerCase(),
        label,
        reason: tabindex !== null && Number(tabindex) < 0 ? `tabindex="${tabindex}"`
          : el.tabIndex < 0 ? "not focusable (needs a <button>, href, or tabindex=\"0\")"
          : "focusable but never reached by Tab",
      });
    }
    return { unreached, focusSteps: focusLog.length };
  }

  window.fracasHarness = { describe, overflow, prepareKeyboard, keyboardResult };
})();
