// The two blocks in the editor: a placeholder of real height naming the
// block, its day and its language, around the server's rendering of the block
// (the element, with the day's text inside it when the site has it cached),
// and in the sidebar the date and the language. The languages are the
// widget's own (its `languageTags()`, from the module whose address the plugin
// gives as `magisteriumA2aEditor.widget`), named in the editor's language.
// Plain JavaScript on the editor's globals: no build step.
(function (blocks, element, blockEditor, components, serverSideRender, i18n, config) {
  const el = element.createElement;
  const { __, sprintf } = i18n;
  /** The widget's language tags: `null` until its module answers, `[]` when it could not be loaded. */
  let known = null;
  const tags = import(config.widget).then(
    (widget) => widget.languageTags(),
    () => [],
  );
  tags.then((list) => (known = list));
  const names = new Intl.DisplayNames([document.documentElement.lang || "en"], { type: "language", fallback: "code" });

  /** `tag` as the editor's language names it, its tag beside (`Spanish (es)`). */
  function nameOf(tag) {
    try {
      return `${names.of(tag)} (${tag})`;
    } catch {
      return tag;
    }
  }

  /** The widget's language tags, once its module has answered. */
  function useTags() {
    const [list, setList] = element.useState(known);
    element.useEffect(() => {
      if (list === null) tags.then(setList);
    }, []);
    return list;
  }

  /** The language of the widget's words: the widget's languages, or a tag typed in when its module did not load. */
  function LanguageControl({ value, onChange }) {
    const list = useTags();
    const label = __("Language", "magisterium-a2a");
    const help = __("The language of the widget's own words and date line; the service's text is shown as sent.", "magisterium-a2a");
    if (list !== null && list.length === 0) return el(components.TextControl, { label, help, value, onChange });
    const options = [{ value: "", label: __("The page's language", "magisterium-a2a") }];
    for (const tag of list ?? []) options.push({ value: tag, label: nameOf(tag) });
    if (value && !options.some((option) => option.value === value)) options.push({ value, label: value });
    return el(components.SelectControl, { label, help, value, options, onChange });
  }

  for (const name of ["magisterium-a2a/saints", "magisterium-a2a/readings"]) {
    blocks.registerBlockType(name, {
      edit: ({ attributes, setAttributes }) => {
        const type = blocks.getBlockType(name);
        const day = attributes.date.trim() || __("today", "magisterium-a2a");
        const language = attributes.lang ? nameOf(attributes.lang) : __("the page's language", "magisterium-a2a");
        /* translators: 1: the day (a date or words such as next Sunday), 2: a language. */
        const summary = sprintf(__("For %1$s, in %2$s. The page shows the widget.", "magisterium-a2a"), day, language);
        return el(
          "div",
          blockEditor.useBlockProps(),
          el(
            blockEditor.InspectorControls,
            null,
            el(
              components.PanelBody,
              { title: __("Day and language", "magisterium-a2a") },
              el(components.TextControl, {
                label: __("Date (YYYY-MM-DD or words such as next Sunday; empty: today)", "magisterium-a2a"),
                value: attributes.date,
                onChange: (date) => setAttributes({ date }),
              }),
              el(LanguageControl, { value: attributes.lang, onChange: (lang) => setAttributes({ lang }) }),
            ),
          ),
          el(
            components.Placeholder,
            { icon: type.icon?.src ?? "book-alt", label: type.title, instructions: summary, className: "magisterium-a2a-placeholder" },
            el("div", { style: { width: "100%" } }, el(serverSideRender, { block: name, attributes })),
          ),
        );
      },
      save: () => null,
    });
  }
})(window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.components, window.wp.serverSideRender, window.wp.i18n, window.magisteriumA2aEditor);
