/** The security scheme of every operator route: `Authorization: Bearer <OPERATOR_TOKEN>`. */
export const OPERATOR_SECURITY = 'operator';
