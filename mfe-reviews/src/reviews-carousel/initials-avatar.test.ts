import { initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it.each([
    ['Ana Cruz', 'AC'],
    ['maria de la cruz', 'MC'],
    ['Anonymous Customer', 'AC'],
    ['Cher', 'C'],
    ['  ', '?'],
    ['Ñoño Ébano', 'ÑÉ'],
  ])('%p → %p', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
