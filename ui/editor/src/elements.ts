// Every custom element of the editor, imported for its definition.
import './components/page-pager.js';
import './components/diagnostic-list.js';
import './pages/overview-page.js';
import './pages/entity-list-page.js';
import './components/editor-app.js';
