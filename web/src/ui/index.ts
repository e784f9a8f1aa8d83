export { Alert } from './Alert';
export { Button, LinkButton } from './Button';
export { Card } from './Card';
export { Dialog } from './Dialog';
export { Page } from './Page';
export { ProgressBar } from './ProgressBar';
export { Spinner } from './Spinner';
export { TextArea } from './TextArea';
export { TextField } from './TextField';
