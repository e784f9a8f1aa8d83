import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

function className(variant: Variant, size: 'md' | 'lg', extra?: string): string {
  return ['btn', `btn-${variant}`, size === 'lg' ? 'btn-lg' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'md' | 'lg';
}

export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  className: extra,
  ...rest
}: ButtonProps) {
  return <button type={type} className={className(variant, size, extra)} {...rest} />;
}

interface LinkButtonProps extends LinkProps {
  variant?: Variant;
  size?: 'md' | 'lg';
}

/** A link that looks like a button: it goes somewhere, so it stays a link for assistive technology. */
export function LinkButton({ variant = 'primary', size = 'md', className: extra, ...rest }: LinkButtonProps) {
  return <Link className={className(variant, size, extra)} {...rest} />;
}
