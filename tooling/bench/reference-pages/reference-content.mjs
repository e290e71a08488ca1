// What both reference pages show: a heading and a paragraph, about the size of a first screen's text.
import { createElement } from 'react';

/** @param {{ title: string }} props */
export function ReferenceContent({ title }) {
  return createElement(
    'main',
    null,
    createElement('h1', null, title),
    createElement('p', null, 'Unlimited samgyupsal, rice, sides and drinks in Plaridel, Bulacan. This page is a yardstick the bench measures beside the site.'),
  );
}
