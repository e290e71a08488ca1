// The bare React page: one component rendered on the client, nothing else.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ReferenceContent } from './reference-content.mjs';

createRoot(document.getElementById('root')).render(createElement(ReferenceContent, { title: 'A bare React page' }));
