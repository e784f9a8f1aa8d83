/**
 * The shortest password an account may choose (at registration, reset or change): the server
 * refuses a shorter one and the web form says so before it is sent.
 */
export const PASSWORD_MIN = 8;
