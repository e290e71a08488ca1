export { fakeApi, reply, setUpApiForTests, type FakeRoute } from './fake-api';
