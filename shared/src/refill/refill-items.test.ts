import { parseRefillRequestType, refillItemNames, refillNotes, refillRequestType } from './refill-items';

describe('refill items', () => {
  it('lists every item of the first version, in its groups', () => {
    expect(refillItemNames).toEqual([
      'Siomai',
      'Hotdog',
      'Cucumber',
      'Bean Sprouts',
      'Kimchi',
      'Fishcake',
      'Eggroll',
      'Baby Potatoes',
      'Pork',
      'Beef',
      'Chicken',
      'Premium Pork',
      'Premium Chicken',
      'Rice',
      'Lettuce',
      'Cheese',
      'Drinks',
    ]);
  });

  it("summarises the chosen items as 'Name (qty), ...' in menu order", () => {
    expect(refillRequestType({ Kimchi: 1, Pork: 2, Rice: 0 })).toBe('Kimchi (1), Pork (2)');
  });

  it("says 'General Refill' when nothing is picked", () => {
    expect(refillRequestType({})).toBe('General Refill');
    expect(refillRequestType({ Pork: 0 })).toBe('General Refill');
  });

  it('groups the notes as side, meat and food', () => {
    expect(refillNotes({ Kimchi: 1, Pork: 2, 'Premium Pork': 1 })).toBe('side: Kimchi x1; meat: Pork x2, Premium Pork x1; food: none');
    expect(refillNotes({})).toBe('side: none; meat: none; food: none');
  });

  it('reads a summary back, and refuses unknown items, repeats and bad quantities', () => {
    expect(parseRefillRequestType('Kimchi (1), Pork (2)')).toEqual([
      { name: 'Kimchi', quantity: 1 },
      { name: 'Pork', quantity: 2 },
    ]);
    expect(parseRefillRequestType('General Refill')).toEqual([]);
    expect(parseRefillRequestType('Lobster (1)')).toBeNull();
    expect(parseRefillRequestType('Pork (2), Pork (1)')).toBeNull();
    expect(parseRefillRequestType('Pork (21)')).toBeNull();
    expect(parseRefillRequestType('Pork (0)')).toBeNull();
    expect(parseRefillRequestType('Pork (-1)')).toBeNull();
    expect(parseRefillRequestType('Pork (1.5)')).toBeNull();
    expect(parseRefillRequestType('<script>')).toBeNull();
  });
});
