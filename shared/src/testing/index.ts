export { fakeApi, reply, setUpApiForTests, type FakeRoute } from './fake-api';
export { resetRuntimeConfigForTests } from '../config/runtime-config';
export { forgetRecentAnswersForTests } from '../api/api-client';
export { FakeEventSource, installFakeEventSource } from './fake-event-source';
export { forgetLiveStreamsForTests } from '../live/use-live-stream';
