export { Alert } from './Alert';
export { Button, LinkButton } from './Button';
export { Card } from './Card';
export { Page } from './Page';
export { Spinner } from './Spinner';
export { TextArea } from './TextArea';
export { TextField } from './TextField';
