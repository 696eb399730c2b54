import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { preloadPageAt } from './app/router.tsx'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

preloadPageAt(window.location.pathname)

// A transition lets React yield to the browser while it builds the first screen, in slices of a
// few milliseconds, instead of one long task a phone cannot answer input during.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
