/** The core templates and partials preloaded at init (paths under templates/). */
export const CORE_TEMPLATES = ["tracker/plan.hbs", "chat/card-frame.hbs", "chat/applications.hbs", "settings/rules-tables.hbs"];
