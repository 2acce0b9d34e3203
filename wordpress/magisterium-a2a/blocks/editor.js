// The two blocks in the editor: a preview rendered by the server (the element
// itself, which the editor's page loads) and the date in the sidebar.
// Plain JavaScript on the editor's globals: no build step.
(function (blocks, element, blockEditor, components, serverSideRender, i18n) {
  const el = element.createElement;
  for (const name of ["magisterium-a2a/saints", "magisterium-a2a/readings"]) {
    blocks.registerBlockType(name, {
      edit: ({ attributes, setAttributes }) =>
        el(
          "div",
          blockEditor.useBlockProps(),
          el(
            blockEditor.InspectorControls,
            null,
            el(
              components.PanelBody,
              { title: i18n.__("Day", "magisterium-a2a") },
              el(components.TextControl, {
                label: i18n.__("Date (YYYY-MM-DD or words such as next Sunday; empty: today)", "magisterium-a2a"),
                value: attributes.date,
                onChange: (date) => setAttributes({ date }),
              }),
            ),
          ),
          el(serverSideRender, { block: name, attributes }),
        ),
      save: () => null,
    });
  }
})(window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.components, window.wp.serverSideRender, window.wp.i18n);
