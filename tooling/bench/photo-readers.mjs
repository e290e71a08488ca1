// Forked by measurePhotosAgainstRead: the 8 clients reading a photo file, in a process of their own
// as other diners' phones are. In the bench's own process their 8 connections' responses held the
// event loop the unrelated read is timed on, and its p50 measured the bench (84-112 ms there against
// 39-59 ms from here in one run). Runs until told 'stop', then sends autocannon's result and exits.
import autocannon from 'autocannon';

const [url, connections] = process.argv.slice(2);
const instance = autocannon({ url, connections: Number(connections), duration: 600 }, (error, result) => {
  process.send?.(error ? { error: String(error) } : { result }, () => process.exit(0));
});
process.on('message', (message) => message === 'stop' && instance.stop());
