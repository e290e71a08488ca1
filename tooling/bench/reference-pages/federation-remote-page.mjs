// The remote's one exposed page.
import { createElement } from 'react';
import { ReferenceContent } from './reference-content.mjs';

export function ReferenceRemotePage() {
  return createElement(ReferenceContent, { title: 'A bare Module Federation host with one remote' });
}
