/**
 * The element of a page the server sends with the API answers the page asks for first (a JSON
 * object by request path), so a shared link shows its content without waiting for them.
 */
export const HANDED_OVER_ELEMENT_ID = 'handed-over';
