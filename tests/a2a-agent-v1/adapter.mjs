// Runs the v0.3 fixture executor (`tests/a2a-agent/executor.mjs`) on the 1.x
// SDK: the user's message goes to it in the v0.3 shape, and each event it
// publishes comes back in the SDK's v1.0 shape. Both translations are the
// SDK's own (its v0.3 push-notification serializer and parser), so the skills
// are written once for both fixtures.
import { legacyPushNotificationToV1StreamResponse } from "a2a-sdk-1/compat/v0_3";
import { V03PushNotificationSerializer } from "a2a-sdk-1/compat/v0_3/server";
import { AgentEvent } from "a2a-sdk-1/server";

const serializer = new V03PushNotificationSerializer();

/** A 1.x SDK message as the v0.3 JSON message. */
const legacyMessage = (message) => JSON.parse(serializer.serialize({ payload: { $case: "message", value: message } }).body);

/** A v0.3 event (task, message, status-update, artifact-update) as the 1.x SDK's execution event. */
function v1Event(event) {
  const { payload } = legacyPushNotificationToV1StreamResponse(event);
  return AgentEvent[payload.$case](payload.value);
}

/** A v0.3 event bus over the 1.x SDK's `bus`. */
const legacyBus = (bus) => ({ publish: (event) => bus.publish(v1Event(event)), finished: () => bus.finished() });

/** The 1.x SDK's `AgentExecutor` running `executor`, a v0.3 one. */
export function onV1Sdk(executor) {
  return {
    execute: (context, bus) =>
      executor.execute(
        // The tenant the SDK resolved for the request (`ServerCallContext.tenant`), which v0.3 has not.
        { taskId: context.taskId, contextId: context.contextId, userMessage: legacyMessage(context.userMessage), tenant: context.context?.tenant },
        legacyBus(bus),
      ),
    cancelTask: (taskId, bus) => executor.cancelTask(taskId, legacyBus(bus)),
  };
}
