/** The signed-in user as the client keeps it; the token is kept apart from it. */
export interface SessionUser {
  id: string;
  email: string;
  credits: number;
}

/** What login and every registration answer with. */
export interface AuthResponse {
  user: SessionUser;
  token: string;
}
