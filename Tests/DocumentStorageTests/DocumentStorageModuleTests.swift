import DocumentStorage
import Testing
