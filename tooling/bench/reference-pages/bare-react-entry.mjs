// The bare React page: one component rendered on the client, nothing else.
/// <reference lib="dom" />
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ReferenceContent } from './reference-content.mjs';

// reference-page.html has the root; a yardstick carries no check of its own.
createRoot(/** @type {HTMLElement} */ (document.getElementById('root'))).render(createElement(ReferenceContent, { title: 'A bare React page' }));
