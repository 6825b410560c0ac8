import { buildSchema } from 'graphql';

/**
 * The part of GitHub's GraphQL schema that Projects (v2) status changes use, with GitHub's own type,
 * field and argument names, so queries written against GitHub run here unchanged.
 */
export const PROJECTS_SCHEMA = buildSchema(/* GraphQL */ `
  scalar Date
  scalar DateTime
  scalar URI

  interface Node {
    id: ID!
  }

  interface RepositoryOwner {
    id: ID!
    login: String!
  }

  interface ProjectV2Owner {
    id: ID!
    projectV2(number: Int!): ProjectV2
  }

  type Query {
    viewer: User!
    user(login: String!): User
    organization(login: String!): Organization
    repositoryOwner(login: String!): RepositoryOwner
    repository(owner: String!, name: String!): Repository
    node(id: ID!): Node
  }

  type User implements Node & RepositoryOwner & ProjectV2Owner {
    id: ID!
    login: String!
    name: String
    projectV2(number: Int!): ProjectV2
  }

  type Organization implements Node & RepositoryOwner & ProjectV2Owner {
    id: ID!
    login: String!
    name: String
    projectV2(number: Int!): ProjectV2
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type ProjectV2 implements Node {
    id: ID!
    number: Int!
    title: String!
    public: Boolean!
    closed: Boolean!
    url: URI!
    createdAt: DateTime!
    updatedAt: DateTime!
    owner: ProjectV2Owner!
    field(name: String!): ProjectV2FieldConfiguration
    fields(first: Int, after: String): ProjectV2FieldConfigurationConnection!
    items(first: Int, after: String): ProjectV2ItemConnection!
  }

  enum ProjectV2FieldType {
    ASSIGNEES
    DATE
    ITERATION
    LABELS
    LINKED_PULL_REQUESTS
    MILESTONE
    NUMBER
    REPOSITORY
    REVIEWERS
    SINGLE_SELECT
    TEXT
    TITLE
    TRACKS
    TRACKED_BY
  }

  interface ProjectV2FieldCommon {
    id: ID!
    name: String!
    dataType: ProjectV2FieldType!
    project: ProjectV2!
  }

  type ProjectV2Field implements Node & ProjectV2FieldCommon {
    id: ID!
    name: String!
    dataType: ProjectV2FieldType!
    project: ProjectV2!
  }

  type ProjectV2SingleSelectFieldOption {
    id: String!
    name: String!
  }

  type ProjectV2SingleSelectField implements Node & ProjectV2FieldCommon {
    id: ID!
    name: String!
    dataType: ProjectV2FieldType!
    project: ProjectV2!
    options(names: [String!]): [ProjectV2SingleSelectFieldOption!]!
  }

  union ProjectV2FieldConfiguration = ProjectV2Field | ProjectV2SingleSelectField

  type ProjectV2FieldConfigurationEdge {
    cursor: String!
    node: ProjectV2FieldConfiguration
  }

  type ProjectV2FieldConfigurationConnection {
    edges: [ProjectV2FieldConfigurationEdge]
    nodes: [ProjectV2FieldConfiguration]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  enum ProjectV2ItemType {
    DRAFT_ISSUE
    ISSUE
    PULL_REQUEST
    REDACTED
  }

  union ProjectV2ItemContent = Issue | PullRequest

  type ProjectV2ItemFieldSingleSelectValue {
    name: String
    optionId: String
    field: ProjectV2FieldConfiguration!
  }

  type ProjectV2ItemFieldTextValue {
    text: String
    field: ProjectV2FieldConfiguration!
  }

  union ProjectV2ItemFieldValue = ProjectV2ItemFieldSingleSelectValue | ProjectV2ItemFieldTextValue

  type ProjectV2Item implements Node {
    id: ID!
    type: ProjectV2ItemType!
    isArchived: Boolean!
    project: ProjectV2!
    content: ProjectV2ItemContent
    fieldValueByName(name: String!): ProjectV2ItemFieldValue
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ProjectV2ItemEdge {
    cursor: String!
    node: ProjectV2Item
  }

  type ProjectV2ItemConnection {
    edges: [ProjectV2ItemEdge]
    nodes: [ProjectV2Item]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  enum IssueState {
    OPEN
    CLOSED
  }

  enum PullRequestState {
    OPEN
    CLOSED
    MERGED
  }

  type Issue implements Node {
    id: ID!
    number: Int!
    title: String!
    state: IssueState!
    url: URI!
    repository: Repository!
    projectItems(first: Int, after: String): ProjectV2ItemConnection!
  }

  type PullRequest implements Node {
    id: ID!
    number: Int!
    title: String!
    state: PullRequestState!
    url: URI!
    repository: Repository!
    projectItems(first: Int, after: String): ProjectV2ItemConnection!
  }

  union IssueOrPullRequest = Issue | PullRequest

  type Repository implements Node {
    id: ID!
    name: String!
    nameWithOwner: String!
    owner: RepositoryOwner!
    issue(number: Int!): Issue
    pullRequest(number: Int!): PullRequest
    issueOrPullRequest(number: Int!): IssueOrPullRequest
  }

  input ProjectV2FieldValue {
    text: String
    number: Float
    date: Date
    singleSelectOptionId: String
    iterationId: String
  }

  input UpdateProjectV2ItemFieldValueInput {
    clientMutationId: String
    projectId: ID!
    itemId: ID!
    fieldId: ID!
    value: ProjectV2FieldValue!
  }

  type UpdateProjectV2ItemFieldValuePayload {
    clientMutationId: String
    projectV2Item: ProjectV2Item
  }

  input AddProjectV2ItemByIdInput {
    clientMutationId: String
    projectId: ID!
    contentId: ID!
  }

  type AddProjectV2ItemByIdPayload {
    clientMutationId: String
    item: ProjectV2Item
  }

  type Mutation {
    updateProjectV2ItemFieldValue(input: UpdateProjectV2ItemFieldValueInput!): UpdateProjectV2ItemFieldValuePayload
    addProjectV2ItemById(input: AddProjectV2ItemByIdInput!): AddProjectV2ItemByIdPayload
  }
`);
