// The page the editor serves when its web UI is not built: the JSON API still works.

/** The built-in page for an editor without its UI. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rr editor</title></head>
<body><h1>rr editor</h1>
<p>The web UI is not built. The JSON API is served under <code>/api/</code> (see docs/api.md).</p>
</body></html>
`;
