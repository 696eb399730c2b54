import { Component, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  /** What to show instead of the children once one of them has thrown. */
  fallback: (error: unknown) => ReactNode
  /** A new value clears the error (the page address: moving on leaves the failed page behind). */
  resetKey: string
  children: ReactNode
}

/** React's error boundary as a component: a failed query or a page that could not load lands here. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey }
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error)
  }
}
