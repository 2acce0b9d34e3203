// The page `cargo xtask wordpress` and the wordpress suite put on the front of
// the site: both shortcodes, and both blocks, as a parish's webmaster would.

/** The parish's front page (block markup, as the editor saves it). */
export const PARISH_PAGE = {
  title: "Welcome to St. Example Parish",
  content: [
    "<!-- wp:paragraph --><p>Mass times: Sunday 8:00 and 10:30, weekdays 7:30.</p><!-- /wp:paragraph -->",
    "<!-- wp:shortcode -->[magisterium_saints]<!-- /wp:shortcode -->",
    '<!-- wp:shortcode -->[magisterium_readings date="next Sunday"]<!-- /wp:shortcode -->',
    '<!-- wp:magisterium-a2a/readings {"date":"tomorrow"} /-->',
  ].join("\n"),
};
