import { useQuery } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { FAQ_CATEGORIES, searchFaq, FAQ_TEXTS as T } from '#shared/help/faq.ts'
import { HELP_ARTICLES } from '#shared/help/help-articles.ts'
import { buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/tabs.tsx'
import { contactInfoQuery } from '#web/features/contact/contact.queries.ts'
import { PageHeader } from '#web/layout/page-header.tsx'
import { FaqEntries } from './faq-entries.tsx'

const categoryOf = (id: string) => FAQ_CATEGORIES.find((c) => c.entries.some((e) => e.id === id))

/**
 * Spec part 3 §2: a search across every category, six tabs of four questions, and the Email Support
 * card; below them, the how-to guides the assistant also cites. A link to /faq#<id> opens that entry.
 */
export function FaqPage() {
  const { hash } = useLocation()
  const target = decodeURIComponent(hash.slice(1)) || null
  const [query, setQuery] = useState('')
  const [tab, setTab] = useState(categoryOf(target ?? '')?.id ?? FAQ_CATEGORIES[0]!.id)
  useEffect(() => {
    if (!target) return
    const category = categoryOf(target)
    if (category) {
      setQuery('')
      setTab(category.id)
    }
    // After the tab has rendered its entries.
    requestAnimationFrame(() => document.getElementById(target)?.scrollIntoView?.({ block: 'start' }))
  }, [target])
  const results = query.trim() ? searchFaq(query) : null

  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <SearchInput
        aria-label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="max-w-xl"
      />
      {results ? (
        <section aria-label="Search results" className="grid gap-3">
          <p role="status" className="text-sm text-slate-700">
            {results.length ? T.resultCount(results.length) : T.noResults}
          </p>
          {results.length > 0 && (
            <FaqEntries
              label="Matching questions"
              openId={null}
              entries={results.map((entry) => ({ ...entry, category: categoryOf(entry.id)?.label }))}
            />
          )}
        </section>
      ) : (
        <Tabs defaultValue={FAQ_CATEGORIES[0]!.id} value={tab} onValueChange={setTab} className="grid gap-4">
          <TabsList aria-label="FAQ categories" className="h-auto flex-wrap justify-start">
            {FAQ_CATEGORIES.map((category) => (
              <TabsTrigger key={category.id} value={category.id}>
                {category.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {FAQ_CATEGORIES.map((category) => (
            <TabsContent key={category.id} value={category.id}>
              <FaqEntries label={category.label} entries={category.entries} openId={target} />
            </TabsContent>
          ))}
        </Tabs>
      )}
      <Guides openId={target} />
      <EmailSupportCard />
    </>
  )
}

function Guides({ openId }: { openId: string | null }) {
  return (
    <section aria-labelledby="guides-title" className="grid gap-3">
      <h2 id="guides-title" className="text-lg font-semibold text-slate-900">
        {T.guidesTitle}
      </h2>
      <FaqEntries
        label={T.guidesTitle}
        openId={openId}
        entries={HELP_ARTICLES.map((article) => ({
          id: article.id,
          question: article.title,
          answer: article.body,
        }))}
      />
    </section>
  )
}

function EmailSupportCard() {
  const { data } = useQuery(contactInfoQuery)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-violet-700" />
          {T.emailSupportTitle}
        </CardTitle>
        <CardDescription>{T.emailSupport}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Link to="/contact" className={buttonClasses()}>
          Contact support
        </Link>
        {data && (
          <a href={`mailto:${data.supportEmail}`} className="text-sm font-medium text-violet-700 underline">
            {data.supportEmail}
          </a>
        )}
      </CardContent>
    </Card>
  )
}
