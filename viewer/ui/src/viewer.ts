// SPDX-License-Identifier: AGPL-3.0-or-later
// Entry of the viewer page: defines the custom elements and removes the "not built" notice that the
// bare index.html shows when this script is missing.
import './viewer-app.js';

document.getElementById('not-built')?.remove();
