// A task type is free text (new types appear without a contract change), bounded and without
// control characters, so it is safe to echo and to log.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const TASK_TYPE_PATTERN = /^[^\u0000-\u001f\u007f]{1,128}$/;
