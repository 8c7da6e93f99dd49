/**
 * html-validate over every built page (test/integration/html-validate.test.ts).
 * The recommended preset, less only the style rules that object to what React
 * renders (valid HTML, written the way React writes it):
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements self-closed (`<link .../>`, `<img .../>`) while folio's head writes `<link ...>`.
    'void-style': 'off',
    // React writes boolean attributes with an empty value (`hidden=""`).
    'attribute-empty-style': 'off',
    // React keeps the camelCase of a few attribute props (`dateTime`, `tabIndex` on some paths); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // React `style` props (author avatar colours, the announcement bar's configured colours) and shiki's token colours.
    'no-inline-style': 'off',
    // Heading ids are GitHub-style slugs, as in Docusaurus ("1-install-the-cli", "-open-source" for a heading that starts with an emoji):
    // valid HTML5 ids (no whitespace), which only the rule's strict mode rejects.
    'valid-id': ['error', { relaxed: true }],
    // Not a React rule, the one other exception: four blog posts have titles of 50+ characters (their authors'), and the
    // spec's title format appends " | <site title>". A search-result length preference, not an HTML error.
    'long-title': 'off',
  },
};
