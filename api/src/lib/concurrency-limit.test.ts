import { createConcurrencyLimit } from './concurrency-limit';

it('lets `slots` holders in at once and the next in line when one leaves, once per release', async () => {
  const limit = createConcurrencyLimit(2);
  const entered: number[] = [];
  const releases = await Promise.all([limit.acquire(), limit.acquire()]);
  const third = limit.acquire().then((release) => (entered.push(3), release));
  const fourth = limit.acquire().then((release) => (entered.push(4), release));
  await new Promise((resolve) => setImmediate(resolve));
  expect(entered).toEqual([]);
  releases[0]();
  releases[0]();
  await third;
  await new Promise((resolve) => setImmediate(resolve));
  expect(entered).toEqual([3]);
  releases[1]();
  await fourth;
  expect(entered).toEqual([3, 4]);
});
