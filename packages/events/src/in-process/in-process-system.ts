/** The `messaging.system` the embedded mode's bus names in its spans (beside `kafka`). */
export const IN_PROCESS_SYSTEM = 'waymark-in-process';
